import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { StatCard, type StatCardProps } from '../../src/ui/stat-card';
import { UiProvider } from '../../src/ui/ui-provider';

function renderCard(props: Partial<StatCardProps> = {}) {
  const location = memoryLocation({ path: '/dashboard', record: true });
  render(
    <UiProvider env="test">
      <Router hook={location.hook}>
        <StatCard label="Total Revenue" value="$1,124.00" current={1124} previous={1000} comparedWith="previous 7 days" {...props} />
      </Router>
    </UiProvider>,
  );
  return location;
}

const changeText = (text: string) => screen.getByText(text);

describe('stat card', () => {
  it('shows its label, its figure and a rise in green with an up arrow', () => {
    renderCard();
    expect(screen.getByText('Total Revenue')).toBeInTheDocument();
    expect(screen.getByText('$1,124.00')).toBeInTheDocument();
    const change = changeText('+12.4% vs previous 7 days');
    expect(change.getAttribute('style')).toContain('--fc-color-positive');
    expect(change.parentElement!.querySelector('svg.tabler-icon-arrow-up-right')).not.toBeNull();
  });

  it('shows a fall in red with a down arrow', () => {
    renderCard({ current: 750, previous: 1000, comparedWith: 'previous 14 days' });
    const change = changeText('-25.0% vs previous 14 days');
    expect(change.getAttribute('style')).toContain('--fc-color-negative');
    expect(change.parentElement!.querySelector('svg.tabler-icon-arrow-down-right')).not.toBeNull();
  });

  it('shows a rise in red (with its up arrow) and a fall in green where lower is better, e.g. labour cost as % of revenue', () => {
    renderCard({ label: 'Labour Cost % of Revenue', value: '30.0%', current: 30, previous: 25, lowerIsBetter: true });
    const rise = changeText('+20.0% vs previous 7 days');
    expect(rise.getAttribute('style')).toContain('--fc-color-negative');
    expect(rise.parentElement!.querySelector('svg.tabler-icon-arrow-up-right')).not.toBeNull();
  });

  it('shows a fall in green where lower is better', () => {
    renderCard({ current: 20, previous: 25, lowerIsBetter: true });
    expect(changeText('-20.0% vs previous 7 days').getAttribute('style')).toContain('--fc-color-positive');
  });

  it('says "no previous data" without an arrow when the previous window had nothing', () => {
    renderCard({ current: 750, previous: 0 });
    const change = changeText('no previous data');
    expect(change.parentElement!.querySelector('svg')).toBeNull();
  });

  it('shows no change without colour or arrow', () => {
    renderCard({ current: 1000, previous: 1000 });
    const change = changeText('0.0% vs previous 7 days');
    expect(change.getAttribute('style') ?? '').not.toMatch(/--fc-color-(positive|negative)/);
    expect(change.parentElement!.querySelector('svg')).toBeNull();
  });

  it('has a More button to its route only when given one', () => {
    renderCard({ moreHref: '/revenue' });
    expect(screen.getByRole('link', { name: 'More: Total Revenue' })).toHaveAttribute('href', '/revenue');
  });

  it('has no More button without a route', () => {
    renderCard();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
