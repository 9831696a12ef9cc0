import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

/** The router's error view (spec §2.3): shown when a page throws while rendering or loading. */
export function ErrorView() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="error-view" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="status status-error">{detail}</p>
      <p>
        <Link to="/home">Back to the home page</Link>
      </p>
    </div>
  );
}
