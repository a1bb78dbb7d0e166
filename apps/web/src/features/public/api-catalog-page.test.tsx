import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiCatalogPage } from './api-catalog-page';

const COUNTS = { driver: 12, vehicle: 7, location: 5, analytics: 9, communication: 4, journey: 0 };

const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('API catalogue', () => {
  it('shows the areas the live API documents calls for, each opening its page of calls', () => {
    render(<ApiCatalogPage counts={COUNTS} />);
    expect(cardTitles()).toEqual([
      'Drivers',
      'Vehicles',
      'Locations',
      'Analytics',
      'Communication',
      'CRM connector',
      'Marketing automation connector',
    ]);
    expect(screen.getByRole('link', { name: /Explore Drivers/ })).toHaveAttribute(
      'href',
      '/api-catalog/driver',
    );
    expect(screen.getByRole('link', { name: /Explore Locations/ })).toHaveAttribute(
      'href',
      '/api-catalog/location',
    );
    expect(screen.getByRole('link', { name: /Explore Analytics/ })).toHaveAttribute(
      'href',
      '/api-catalog/analytics',
    );
    expect(screen.getByText('12 calls')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Explore CRM connector/ })).toHaveAttribute(
      'href',
      '/api-catalog/communication',
    );
  });

  it('filters the cards as the visitor types', async () => {
    const user = userEvent.setup();
    render(<ApiCatalogPage counts={COUNTS} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search the API' }), 'vehic');
    expect(cardTitles()).toEqual(['Vehicles']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search the API' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the API' }), 'zebra');
    expect(screen.getByRole('status')).toHaveTextContent('No area matches “zebra”.');
  });

  it('says so when the API document could not be read', () => {
    render(<ApiCatalogPage counts={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The API documentation could not be read');
  });
});
