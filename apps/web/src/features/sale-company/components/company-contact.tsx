import type { SaleCompany } from '@furlong/contracts';

/** The sale company's office: address, phone and e-mail, as a footer of its pages. */
export function CompanyContact({ company }: { company: Pick<SaleCompany, 'name' | 'address' | 'phone' | 'email'> }) {
  return (
    <address className="sale-contact">
      <strong>{company.name}</strong> · {company.address} ·{' '}
      <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a> ·{' '}
      <a href={`mailto:${company.email}`}>{company.email}</a>
    </address>
  );
}
