import { PRODUCT_NAME } from '../../lib/product';
import { SiteIcon } from './site-icon';

/** The product mark of the public site: the icon tile and the name. */
export function SiteBrand({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={inverted ? 'brand brand--inverted' : 'brand'}>
      <span className="brand__tile">
        <SiteIcon name="truck" size={20} />
      </span>
      <span className="brand__name">{PRODUCT_NAME}</span>
    </span>
  );
}
