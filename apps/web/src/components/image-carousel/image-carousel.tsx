import { useEffect, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';

/** The carousel moves to the next picture every 5 s (spec 000 §9, 002 "Driver trips screen"). */
export const CAROUSEL_INTERVAL_MS = 5_000;

export interface ImageCarouselProps {
  /** Addresses of the pictures (same-origin, signed-in GETs). */
  images: string[];
  /** What the pictures show; each picture's alternative text adds its place ("… (2 of 3)"). */
  alt: string;
  /** Height of the picture area in px. */
  height?: number;
}

/**
 * Pictures one at a time, cycling every 5 s, with Previous / Next buttons and the arrow keys. The
 * cycle pauses while the pointer or keyboard focus is on it, and the Pause button stops it (WCAG
 * 2.2.2: moving content lasting over 5 s can be stopped).
 */
export function ImageCarousel({ images, alt, height = 360 }: ImageCarouselProps) {
  const count = images.length;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());

  // Other pictures (another fine, a refreshed row) start again from the first.
  const [shownImages, setShownImages] = useState(images);
  if (shownImages.join('\n') !== images.join('\n')) {
    setShownImages(images);
    setIndex(0);
  }
  const current = Math.min(index, Math.max(0, count - 1));

  const cycling = count > 1 && !stopped && !hovered && !focused;
  useEffect(() => {
    if (!cycling) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [cycling, count]);

  if (count === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No images available.
      </Typography>
    );

  const go = (step: number) => setIndex((current + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  const src = images[current]!;
  const pictureAlt = count > 1 ? `${alt} (${current + 1} of ${count})` : alt;

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={alt}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      sx={{ outline: 'none', '&:focus-visible': { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` } }}
    >
      <Box
        sx={{
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {broken.has(src) ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            This image could not be loaded.
          </Typography>
        ) : (
          <Box
            component="img"
            src={src}
            alt={pictureAlt}
            onError={() => setBroken((old) => new Set(old).add(src))}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
          />
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', mt: 1 }}>
        {count > 1 && (
          <>
            <Tooltip title="Previous image">
              <IconButton size="small" aria-label="Previous image" onClick={() => go(-1)}>
                <ChevronLeft />
              </IconButton>
            </Tooltip>
            {/* Read out on a move the user made; silent while it cycles by itself (WAI carousel pattern). */}
            <Typography
              variant="body2"
              aria-live={cycling ? 'off' : 'polite'}
              sx={{ minWidth: 56, textAlign: 'center' }}
            >
              {current + 1} / {count}
            </Typography>
            <Tooltip title="Next image">
              <IconButton size="small" aria-label="Next image" onClick={() => go(1)}>
                <ChevronRight />
              </IconButton>
            </Tooltip>
            <Tooltip title={stopped ? 'Play slideshow' : 'Pause slideshow'}>
              <IconButton
                size="small"
                aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
                onClick={() => setStopped((s) => !s)}
              >
                {stopped ? <PlayArrow /> : <Pause />}
              </IconButton>
            </Tooltip>
          </>
        )}
        <Link href={src} target="_blank" rel="noopener" variant="body2">
          Open full size
        </Link>
      </Stack>
    </Box>
  );
}
