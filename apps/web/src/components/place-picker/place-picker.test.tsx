import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok } from '../../test/mock-api';
import { renderUi } from '../../test/render-ui';
import { PlacePicker } from './place-picker';
import { ZPlaceValue, type TPlaceValue } from './place';

vi.mock('./place-map', () => import('../../test/place-map-mock'));

function Harness({ initial }: { initial: TPlaceValue }) {
  const [value, setValue] = useState(initial);
  const check = ZPlaceValue.safeParse(value);
  return (
    <PlacePicker
      value={value}
      onChange={setValue}
      error={check.success ? undefined : check.error.issues[0]?.message}
    />
  );
}

const DUBAI = { location: 'Dubai', lat: '25.276987', lon: '55.17128' };

describe('PlacePicker', () => {
  beforeEach(() => {
    mockApi();
  });

  it('shows the typed point on the map', async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial={DUBAI} />);
    expect(await screen.findByText('Marker at 25.276987, 55.17128')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Latitude'));
    await user.type(screen.getByLabelText('Latitude'), '24.5');
    expect(screen.getByText('Marker at 24.5, 55.17128')).toBeInTheDocument();
  });

  it("says 'Invalid place selected' and names the field when a coordinate is out of range", async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial={DUBAI} />);
    const latitude = screen.getByLabelText('Latitude');
    await user.clear(latitude);
    await user.type(latitude, '95');
    await user.tab();

    expect(screen.getByText('Invalid place selected')).toBeInTheDocument();
    expect(screen.getByText('Latitude must be a number between -90 and 90')).toBeInTheDocument();
    expect(await screen.findByText('No marker')).toBeInTheDocument();

    const longitude = screen.getByLabelText('Longitude');
    await user.clear(longitude);
    await user.type(longitude, 'east');
    await user.tab();
    expect(screen.getByText('Longitude must be a number between -180 and 180')).toBeInTheDocument();
  });

  it('fills the coordinates from a click on the map and keeps the typed name', async () => {
    const user = userEvent.setup();
    renderUi(<Harness initial={{ location: '', lat: '', lon: '' }} />);
    await user.type(screen.getByLabelText('Location'), 'Abu Dhabi office');
    await user.click(await screen.findByRole('button', { name: 'Click the map' }));

    expect(screen.getByLabelText('Latitude')).toHaveValue('24.4539');
    expect(screen.getByLabelText('Longitude')).toHaveValue('54.3773');
    expect(screen.getByLabelText('Location')).toHaveValue('Abu Dhabi office');
    expect(screen.getByText('Marker at 24.4539, 54.3773')).toBeInTheDocument();
    expect(screen.queryByText('Invalid place selected')).not.toBeInTheDocument();
  });

  it('offers no address search when the server has no geocoder', async () => {
    renderUi(<Harness initial={DUBAI} />);
    expect(await screen.findByText('Marker at 25.276987, 55.17128')).toBeInTheDocument();
    expect(screen.queryByLabelText('Search address')).not.toBeInTheDocument();
  });

  it('fills the formatted address and the point from a geocoder result', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    mockApi({
      'GET /api/app-config': () => ok({ map_style_url: null, geocoder: true, router: false }),
      'GET /api/geocode/search': ({ query }) => {
        asked.push(query.get('q') ?? '');
        return ok([{ name: 'Dubai Mall, Downtown Dubai, UAE', lat: 25.1985, lon: 55.2796 }]);
      },
    });
    renderUi(<Harness initial={{ location: '', lat: '', lon: '' }} />);
    await user.type(await screen.findByLabelText('Search address'), 'dubai mall');
    await user.click(await screen.findByRole('option', { name: 'Dubai Mall, Downtown Dubai, UAE' }));

    expect(asked).toContain('dubai mall');
    expect(screen.getByLabelText('Location')).toHaveValue('Dubai Mall, Downtown Dubai, UAE');
    expect(screen.getByLabelText('Latitude')).toHaveValue('25.1985');
    expect(screen.getByLabelText('Longitude')).toHaveValue('55.2796');
    expect(screen.getByText('Marker at 25.1985, 55.2796')).toBeInTheDocument();
  });

  it("shows the server's explanation when the geocoder does not answer", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/app-config': () => ok({ map_style_url: null, geocoder: true, router: false }),
      'GET /api/geocode/search': () => fail(502, 'The address search service did not answer.'),
    });
    renderUi(<Harness initial={DUBAI} />);
    await user.type(await screen.findByLabelText('Search address'), 'marina');
    expect(await screen.findByText('The address search service did not answer.')).toBeInTheDocument();
  });
});
