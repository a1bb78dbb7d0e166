import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiCatalogPage } from './api-catalog-page';

const TAGS = ['Driver details', 'Drivers', 'Public content', 'Vehicles', 'Notifications'];

const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('API catalogue', () => {
  it('shows the areas the live API documents, each opening its tag in the interactive docs', () => {
    render(<ApiCatalogPage tags={TAGS} />);
    expect(cardTitles()).toEqual([
      'Drivers',
      'Vehicles',
      'Communication',
      'CRM connector',
      'Marketing automation connector',
    ]);
    expect(screen.getByRole('link', { name: /Explore Drivers/ })).toHaveAttribute(
      'href',
      '/api/docs#/Drivers',
    );
    const more = screen.getByRole('list', { name: 'More on Drivers' });
    expect(within(more).getByRole('link', { name: 'Driver details' })).toHaveAttribute(
      'href',
      '/api/docs#/Driver%20details',
    );
    expect(screen.getByRole('link', { name: /Explore CRM connector/ })).toHaveAttribute(
      'href',
      '/api/docs#/Notifications',
    );
  });

  it('filters the cards as the visitor types', async () => {
    const user = userEvent.setup();
    render(<ApiCatalogPage tags={TAGS} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search the API' }), 'vehic');
    expect(cardTitles()).toEqual(['Vehicles']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search the API' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the API' }), 'zebra');
    expect(screen.getByRole('status')).toHaveTextContent('No area matches “zebra”.');
  });

  it('says so when the API document could not be read', () => {
    render(<ApiCatalogPage tags={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The API documentation could not be read');
  });
});
