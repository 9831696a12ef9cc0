import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** The frame of every page: its title, an optional toolbar, then the content. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

export function BackButton({ label = 'Go Back' }: { label?: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="button secondary" onClick={() => navigate(-1)}>
      {label}
    </button>
  );
}
