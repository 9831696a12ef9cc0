import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** A table row that opens `href` on click or Enter, like a link, and is reachable by Tab. */
export function LinkRow({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <tr
      className={className ? `clickable ${className}` : 'clickable'}
      tabIndex={0}
      onClick={() => void navigate(href)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') void navigate(href);
      }}
    >
      {children}
    </tr>
  );
}
