import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CAROUSEL_INTERVAL_MS, ImageCarousel } from './image-carousel';

const PHOTOS = ['/photos/a.jpg', '/photos/b.jpg', '/photos/c.jpg'];
const shown = () => screen.getByRole('img');

afterEach(() => vi.useRealTimers());

describe('ImageCarousel', () => {
  it('says there is nothing to show without pictures', () => {
    render(<ImageCarousel images={[]} alt="Fine pictures" />);
    expect(screen.getByText('No images available.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('moves with the Previous and Next buttons and the arrow keys, wrapping around', () => {
    render(<ImageCarousel images={PHOTOS} alt="Proof" />);
    expect(shown()).toHaveAttribute('src', '/photos/a.jpg');
    expect(shown()).toHaveAccessibleName('Proof (1 of 3)');

    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAttribute('src', '/photos/b.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAttribute('src', '/photos/c.jpg');

    const carousel = screen.getByRole('region', { name: 'Proof' });
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(shown()).toHaveAttribute('src', '/photos/a.jpg');
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(shown()).toHaveAttribute('src', '/photos/c.jpg');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
  });

  it('moves on every 5 s until it is paused', () => {
    vi.useFakeTimers();
    render(<ImageCarousel images={PHOTOS} alt="Proof" />);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(shown()).toHaveAttribute('src', '/photos/a.jpg');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveAttribute('src', '/photos/b.jpg');

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    // Focus moved into the carousel with the click; leave it so only the Pause button holds it still.
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(shown()).toHaveAttribute('src', '/photos/b.jpg');

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(shown()).toHaveAttribute('src', '/photos/c.jpg');
  });

  it('shows one picture without the moving controls, and says when a picture cannot load', () => {
    render(<ImageCarousel images={['/photos/a.jpg']} alt="Proof" />);
    expect(shown()).toHaveAccessibleName('Proof');
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    fireEvent.error(shown());
    expect(screen.getByText('This image could not be loaded.')).toBeInTheDocument();
  });
});
