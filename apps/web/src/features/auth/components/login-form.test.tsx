import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
}

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts form data, stores the token and reports success', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ access_token: 'new-token', token_type: 'bearer' }));
    vi.stubGlobal('fetch', fetchMock);
    const onLoggedIn = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <LoginForm onLoggedIn={onLoggedIn} />
      </MemoryRouter>,
    );
    fill('Email', 'ada@example.com');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(localStorage.getItem('token')).toBe('new-token');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/auth\/jwt\/login$/);
    expect(String(init.body)).toBe('username=ada%40example.com&password=secret-pass');
  });

  it('asks for the authenticator code when the server requires it', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ detail: 'LOGIN_TOTP_REQUIRED' }, 400));
    renderWithProviders(
      <MemoryRouter>
        <LoginForm onLoggedIn={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.queryByLabelText(/^Authenticator code/)).toBeNull();
    fill('Email', 'ada@example.com');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText(/^Authenticator code/)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('6-digit code');
  });

  it('explains wrong credentials', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ detail: 'LOGIN_BAD_CREDENTIALS' }, 400));
    renderWithProviders(
      <MemoryRouter>
        <LoginForm onLoggedIn={() => {}} />
      </MemoryRouter>,
    );
    fill('Email', 'ada@example.com');
    fill('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password.');
  });
});
