import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { TCustomerRef } from '@fleet/contract';
import { paths } from '../../lib/paths';

/** A customer's name linking to its detail view. */
export function CustomerLink({ customer }: { customer: TCustomerRef }) {
  return (
    <Link component={RouterLink} to={paths.crmCustomer.getHref({ id: customer.id })}>
      {customer.name}
    </Link>
  );
}
