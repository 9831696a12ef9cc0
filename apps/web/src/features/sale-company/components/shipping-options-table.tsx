import type { SaleCompany } from '@furlong/contracts';
import { formatCents, formatNumber } from '../../../lib/format';

/** The published rate card: each service's base, per-km-per-horse rate, minimum and attendant. */
export function ShippingOptionsTable({ shipping }: { shipping: SaleCompany['shipping'] }) {
  const { limits } = shipping;
  return (
    <>
      <div className="table-scroll">
        <table className="stacked-table">
          <caption>Shipping options and rates</caption>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col" className="num">
                Base
              </th>
              <th scope="col" className="num">
                Per km per horse
              </th>
              <th scope="col" className="num">
                Minimum
              </th>
              <th scope="col" className="num">
                Attendant
              </th>
            </tr>
          </thead>
          <tbody>
            {shipping.options.map((o) => (
              <tr key={o.service}>
                <th scope="row">
                  {o.label}
                  <span className="shipping-description">{o.description}</span>
                </th>
                <td className="num" data-label="Base">
                  {formatCents(o.base_cents)}
                </td>
                <td className="num" data-label="Per km per horse">
                  {formatCents(o.per_km_per_horse_cents)}
                </td>
                <td className="num" data-label="Minimum">
                  {formatCents(o.minimum_cents)}
                </td>
                <td className="num" data-label="Attendant">
                  {o.attendant_cents === 0 ? 'Included' : formatCents(o.attendant_cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">
        A shipment costs the base plus the distance rate for each horse, at least the minimum; an attendant is per
        shipment and transit insurance {formatCents(shipping.insurance_per_horse_cents)} per horse. One request carries{' '}
        {limits.horses_min} to {limits.horses_max} horses over {limits.distance_km_min} to{' '}
        {formatNumber(limits.distance_km_max)} km, travelling within {limits.booking_days_max} days.
      </p>
    </>
  );
}
