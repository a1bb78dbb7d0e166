import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApprovalStatusChip } from './approval-status-chip';

describe('ApprovalStatusChip', () => {
  it.each([
    ['pending', 'Pending', 'rgb(249, 168, 37)'],
    ['accepted', 'Approved', 'rgb(46, 125, 50)'],
    ['rejected', 'Rejected', 'rgb(198, 40, 40)'],
    ['awaiting_submission', 'Awaiting Submission', 'rgb(239, 108, 0)'],
  ])('shows %s as %s in its colour (spec 002 §4)', (status, label, colour) => {
    render(<ApprovalStatusChip status={status} />);
    const chip = screen.getByText(label).closest('.MuiChip-root');
    expect(chip).toHaveStyle({ backgroundColor: colour });
  });

  it.each([null, 'archived', 'toString'])('shows %s as Unknown Status', (status) => {
    render(<ApprovalStatusChip status={status} />);
    expect(screen.getByText('Unknown Status')).toBeInTheDocument();
  });
});
