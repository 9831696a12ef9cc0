import type { Page } from 'playwright-core';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

let made = 0;

/** A fresh, unique account's credentials (nothing is sent). */
export function newAccount(prefix = 'rider'): TestAccount {
  made += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${made}`;
  return { username: `${prefix}_${tag}`, email: `${prefix}.${tag}@furlong.test`, password: `long password ${tag}` };
}

/**
 * Signs up a new account through the Sign Up page (which logs it in at once) and waits until the
 * header shows it. For browser flows that need a member: `const me = await signUpAndLogIn(page, baseUrl)`.
 */
export async function signUpAndLogIn(page: Page, baseUrl: string, account = newAccount()): Promise<TestAccount> {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.locator('.app-header').getByRole('link', { name: account.username, exact: true }).waitFor();
  return account;
}

/** Logs an existing account in through the login page and waits for the program card. */
export async function logIn(
  page: Page,
  baseUrl: string,
  account: Pick<TestAccount, 'email' | 'password'>,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.locator('.app-header').getByText('Logged in as').waitFor();
}
