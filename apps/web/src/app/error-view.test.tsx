import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ErrorView } from './error-view';

function Broken(): never {
  throw new Error('the page fell over');
}

describe(ErrorView.name, () => {
  it("should show the router's error view with the error when a page throws", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorView /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('the page fell over')).toBeInTheDocument();
  });
});
