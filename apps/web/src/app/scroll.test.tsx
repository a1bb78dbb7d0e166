import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { useScrollOnNavigate } from './scroll';

function Root() {
  useScrollOnNavigate();
  return <Outlet />;
}

function renderRoutes(initial: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/use-cases', element: <section id="last-mile-delivery">Last-mile delivery</section> },
          { path: '/late', element: <p>Loading the questions…</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('scrolling on navigation', () => {
  it('scrolls smoothly to the hash target, below the app bar', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    renderRoutes('/use-cases#last-mile-delivery');
    await screen.findByText('Last-mile delivery');
    expect(scrollTo).toHaveBeenCalledWith({ top: -64, behavior: 'smooth' });
  });

  it('retries once after 50 ms when the target is not there yet', async () => {
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    renderRoutes('/late#faq');
    await screen.findByText('Loading the questions…');
    expect(scrollTo).not.toHaveBeenCalled();
    // The target arrives a moment later, as content waiting for data does.
    const late = document.createElement('section');
    late.id = 'faq';
    document.body.append(late);
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: -64, behavior: 'smooth' });
    late.remove();
  });

  it('scrolls to the top on any other navigation', async () => {
    const router = renderRoutes('/');
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await act(() => router.navigate('/use-cases'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });
});
