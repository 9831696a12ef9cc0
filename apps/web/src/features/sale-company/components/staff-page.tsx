import type { SaleStaffMember } from '@furlong/contracts';
import { useId, useMemo, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSaleCompany } from '../api/sale-company';
import { CompanyContact } from './company-contact';

const ALL = '';

function matches(member: SaleStaffMember, words: string[]): boolean {
  const text = `${member.name} ${member.role} ${member.department} ${member.email} ${member.phone}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** /staff — the sale company's staff directory: search by name or role, filter by department. */
export function StaffPage() {
  const ids = useId();
  const company = useSaleCompany();
  const [query, setQuery] = useState('');
  const [department, setDepartment] = useState(ALL);
  const staff = company.data?.staff ?? [];
  // The departments in the directory's own order (management first), each once.
  const departments = useMemo(() => [...new Set(staff.map((s) => s.department))], [staff]);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = staff.filter((s) => (department === ALL || s.department === department) && matches(s, words));
  const filtered = words.length > 0 || department !== ALL;

  return (
    <Page title="Staff">
      {company.isPending ? (
        <Loading text="Loading the staff directory…" />
      ) : !company.data ? (
        <ErrorMessage error={company.error} text="Could not load the staff directory." />
      ) : (
        <>
          <p className="hint">The people of {company.data.name}: call or write to them directly.</p>
          <div className="table-controls">
            <div className="control">
              <label htmlFor={`${ids}-q`}>Search</label>
              <input
                id={`${ids}-q`}
                type="search"
                value={query}
                placeholder="Name, role, e-mail…"
                onChange={(e) => setQuery(e.target.value)}
              />
            </div>
            <div className="control">
              <label htmlFor={`${ids}-department`}>Department</label>
              <select id={`${ids}-department`} value={department} onChange={(e) => setDepartment(e.target.value)}>
                <option value={ALL}>All departments</option>
                {departments.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </div>
            {filtered ? (
              <button
                type="button"
                className="button secondary small"
                onClick={() => {
                  setQuery('');
                  setDepartment(ALL);
                }}
              >
                Show everyone
              </button>
            ) : null}
          </div>
          <p className="row-count" aria-live="polite">
            {filtered ? `${shown.length} of ${staff.length} staff` : `${staff.length} staff`}
          </p>
          {shown.length === 0 ? (
            <EmptyState>{staff.length === 0 ? 'No staff are listed yet.' : 'Nobody matches that search.'}</EmptyState>
          ) : (
            <div className="table-scroll">
              <table className="stacked-table">
                <caption className="visually-hidden">Staff directory</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Department</th>
                    <th scope="col">Phone</th>
                    <th scope="col">E-mail</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">{s.name}</th>
                      <td>{s.role}</td>
                      <td>{s.department}</td>
                      <td>
                        <a href={`tel:${s.phone.replace(/\s+/g, '')}`}>{s.phone}</a>
                      </td>
                      <td>
                        <a href={`mailto:${s.email}`}>{s.email}</a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <CompanyContact company={company.data} />
        </>
      )}
    </Page>
  );
}
