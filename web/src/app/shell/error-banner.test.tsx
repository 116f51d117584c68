import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api-failure';
import { dismissError, installUnhandledRejectionHandler, showError } from '../../lib/error-banner';
import { renderWithProviders } from '../../test/render';
import { ErrorBanner } from './error-banner';

afterEach(() => {
  act(() => dismissError());
});

describe('ErrorBanner', () => {
  it('shows nothing without an error', () => {
    renderWithProviders(<ErrorBanner />);
    expect(screen.queryByTestId('error-banner')).not.toBeInTheDocument();
  });

  it("shows 'Error: {statusText} ({status})' and the message, red for an HTTP status", () => {
    renderWithProviders(<ErrorBanner />);
    act(() =>
      showError(
        new ApiFailure({ status: 404, statusText: 'Not Found', error: 'Not Found', message: 'There is no system 7.' }),
      ),
    );
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Error: Not Found (404)');
    expect(banner).toHaveTextContent('There is no system 7.');
    expect(banner).toHaveAttribute('data-color', 'red');
  });

  it('is green for status 0', () => {
    renderWithProviders(<ErrorBanner />);
    act(() => showError({ status: 0, statusText: 'Timeout', error: 'Timeout', message: 'Timeout has occurred' }));
    expect(screen.getByTestId('error-banner')).toHaveAttribute('data-color', 'green');
    expect(screen.getByTestId('error-banner')).toHaveTextContent('Error: Timeout (0)');
  });

  it('can be dismissed', async () => {
    renderWithProviders(<ErrorBanner />);
    act(() =>
      showError(
        new ApiFailure({
          status: 500,
          statusText: 'Internal Server Error',
          error: 'Internal Server Error',
          message: 'Boom',
        }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByTestId('error-banner')).not.toBeInTheDocument();
  });

  it('shows unhandled promise rejections', () => {
    const uninstall = installUnhandledRejectionHandler(window);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<ErrorBanner />);
    const reason = new ApiFailure({ status: 409, statusText: 'Conflict', error: 'Conflict', message: 'Still in use' });
    act(() => {
      const event = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.assign(event, { reason, promise: Promise.resolve() });
      window.dispatchEvent(event);
    });
    expect(screen.getByTestId('error-banner')).toHaveTextContent('Error: Conflict (409)');
    expect(consoleError).toHaveBeenCalled();
    uninstall();
    consoleError.mockRestore();
  });
});
