import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '../testing/render-app';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { formatDate, formatTime } from './format-time';
import { TimeCell } from './time-cell';
import { VinCell } from './vin-cell';
import { VIN_FONT } from './vin-search-box';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();
const VIN = 'LSVAB1236RA200011';
const noMatches = { vehicles: [], orders: [], purchases: [], exports: [], customers: [] };

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

describe('VinCell opens the vehicle file', () => {
  it('links straight to the car’s file when the row knows its id, and keeps the copy button', async () => {
    const view = renderInApp(<VinCell vin={VIN} vehicleId={42} />, { initialEntries: ['/pickup/list'] });
    const link = await screen.findByRole('link', { name: VIN });
    expect(link).toHaveAttribute('href', '/vehicle/42');
    expect(screen.getByRole('button', { name: '复制车架号' })).toBeInTheDocument();
    await userEvent.click(link);
    await waitFor(() => expect(view.location()).toBe('/vehicle/42'));
    expect(server.requests).toHaveLength(0);
  });

  it('finds the car of exactly that VIN when the row does not know its id, then opens its file', async () => {
    server.on(
      'GET /api/search',
      envelope(200, { ...noMatches, vehicles: [{ id: 77, vin: VIN, model: '帕萨特', order_no: 'HW-1' }] }),
    );
    const view = renderInApp(<VinCell vin={VIN} />, { initialEntries: ['/release/list'] });
    const link = await screen.findByRole('link', { name: VIN });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(view.location()).toBe('/vehicle/77'));
    const [search] = server.requests;
    expect(search?.path).toBe('/api/search');
    expect(Object.fromEntries(search?.query ?? [])).toEqual({ q: VIN, limit: '1' });
  });

  it('says 车辆不存在 and stays when no car has that VIN', async () => {
    server.on('GET /api/search', envelope(200, noMatches));
    const view = renderInApp(<VinCell vin={VIN} />, { initialEntries: ['/release/list'] });
    await userEvent.click(await screen.findByRole('link', { name: VIN }));
    expect(await screen.findByText('车辆不存在')).toBeInTheDocument();
    expect(view.location()).toBe('/release/list');
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
