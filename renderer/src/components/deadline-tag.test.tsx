import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeadlineTag, DeadlineTags } from './deadline-tag';

const plate = (days_left: number) => ({ label: '临时牌照到期', due_on: '2026-12-01', days_left });

describe('DeadlineTag', () => {
  it('says 还剩 N 天 in orange within a week, up to and including 7 days', () => {
    const { rerender } = render(<DeadlineTag deadline={plate(7)} />);
    expect(screen.getByText('还剩 7 天')).toHaveClass('ant-tag-orange');
    rerender(<DeadlineTag deadline={plate(1)} />);
    expect(screen.getByText('还剩 1 天')).toHaveClass('ant-tag-orange');
  });

  it('says nothing 8 days or more ahead', () => {
    const { container } = render(<DeadlineTag deadline={plate(8)} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says 今天到期 on the day', () => {
    render(<DeadlineTag deadline={plate(0)} />);
    expect(screen.getByText('今天到期')).toHaveClass('ant-tag-orange');
  });

  it('says 逾期 N 天 in red once past the due date', () => {
    const { rerender } = render(<DeadlineTag deadline={plate(-1)} />);
    expect(screen.getByText('逾期 1 天')).toHaveClass('ant-tag-red');
    rerender(<DeadlineTag deadline={plate(-40)} />);
    expect(screen.getByText('逾期 40 天')).toHaveClass('ant-tag-red');
  });

  it('names the rule and the due date in its tooltip', async () => {
    render(<DeadlineTag deadline={plate(3)} />);
    const tag = screen.getByText('还剩 3 天');
    expect(tag).toHaveAccessibleName('临时牌照到期 还剩 3 天');
    await userEvent.hover(tag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('临时牌照到期：2026-12-01 到期');
  });

  it('shows nothing for a row without a deadline', () => {
    const { container } = render(<DeadlineTag deadline={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('DeadlineTags', () => {
  it('lists a car’s deadlines nearest first and leaves out those more than a week off', () => {
    render(
      <DeadlineTags
        deadlines={[
          { label: '运费', due_on: '2026-12-20', days_left: 20 },
          { label: '注销', due_on: '2026-12-05', days_left: 5 },
          { label: '退税申报', due_on: '2026-11-20', days_left: -2 },
        ]}
      />,
    );
    const tags = screen.getAllByText(/逾期|还剩|今天/);
    expect(tags.map((tag) => tag.textContent)).toEqual(['逾期 2 天', '还剩 5 天']);
  });
});
