import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ApiAreaPage } from './api-area-page';
import type { ApiOperation } from './api-areas';

const OPERATIONS: ApiOperation[] = [
  {
    method: 'POST',
    path: '/api/trip/get-all-trips',
    summary: 'A page of trips',
    tag: 'Trips',
    href: '/api/docs#/Trips/post_api_trip_get_all_trips',
  },
  {
    method: 'GET',
    path: '/api/type/get-types',
    summary: 'Trip types',
    tag: 'Trip types',
    href: '/api/docs#/Trip%20types/get_api_type_get_types',
  },
];

describe('an area of the API catalogue', () => {
  it('lists its calls by tag, each opening in the interactive documentation', () => {
    render(<ApiAreaPage slug="journey" operations={OPERATIONS} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Journeys API');
    expect(screen.getByRole('link', { name: 'API catalogue' })).toHaveAttribute('href', '/api-catalog');
    const trips = screen.getByRole('region', { name: /^Trips/ });
    expect(within(trips).getByText('/api/trip/get-all-trips')).toBeInTheDocument();
    expect(within(trips).getByText('A page of trips')).toBeInTheDocument();
    expect(within(trips).getByRole('link', { name: 'Try POST /api/trip/get-all-trips' })).toHaveAttribute(
      'href',
      '/api/docs#/Trips/post_api_trip_get_all_trips',
    );
    expect(
      within(trips).getByRole('link', { name: 'Open in the interactive documentation' }),
    ).toHaveAttribute('href', '/api/docs#/Trips');
    const types = screen.getByRole('region', { name: /^Trip types/ });
    expect(within(types).getByRole('link', { name: 'Try GET /api/type/get-types' })).toBeInTheDocument();
    expect(screen.getByText(/^2 calls/)).toBeInTheDocument();
  });

  it('says so when the document could not be read, and when the area does not exist', () => {
    const { unmount } = render(<ApiAreaPage slug="journey" operations={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The API documentation could not be read');
    unmount();
    render(<ApiAreaPage slug="weather" operations={[]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('There is no area “weather” in the API catalogue.');
    expect(screen.getByRole('link', { name: 'See every area' })).toHaveAttribute('href', '/api-catalog');
  });
});
