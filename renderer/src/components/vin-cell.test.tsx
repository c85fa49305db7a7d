import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { formatDate, formatTime } from './format-time';
import { TimeCell } from './time-cell';
import { VinCell } from './vin-cell';
import { VIN_FONT } from './vin-search-box';

describe('VinCell', () => {
  it('shows the VIN in monospace on one line, with a button that copies it', () => {
    render(<VinCell vin="LSVAB1230RA200001" />);
    const vin = screen.getByText('LSVAB1230RA200001');
    expect(vin).toHaveStyle({ fontFamily: VIN_FONT, whiteSpace: 'nowrap' });
    expect(vin.querySelector('button, [role="button"]')).not.toBeNull();
  });

  it('shows nothing for a line without a VIN', () => {
    const { container } = render(<VinCell vin={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('formatTime and TimeCell', () => {
  // A moment without an offset is read in the local zone: the same on every test machine.
  it('writes moments and days one way everywhere', () => {
    expect(formatTime('2026-11-20T09:05:07')).toBe('2026-11-20 09:05:07');
    expect(formatDate('2026-11-20T09:05:07')).toBe('2026-11-20');
    expect(formatTime(null)).toBe('');
  });

  it('puts the day over the time in a narrow column, read and found as one moment', () => {
    render(<TimeCell value="2026-11-20T09:05:07" />);
    const cell = screen.getByText('2026-11-20 09:05:07');
    expect(cell).toHaveAttribute('title', '2026-11-20 09:05:07');
    expect(cell.textContent).toBe('2026-11-20\n09:05:07');
  });
});
