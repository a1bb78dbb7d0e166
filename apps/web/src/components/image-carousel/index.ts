export { CAROUSEL_INTERVAL_MS, ImageCarousel, type ImageCarouselProps } from './image-carousel';
