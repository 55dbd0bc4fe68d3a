import { expect, type Locator, type Page } from '@playwright/test';
import type { AccountDetails } from '../fixtures/accounts.js';
import { saveScreen } from '../fixtures/screens.js';

type AuthTab = 'Sign Up' | 'Sign In';

export class ForgotPasswordDialog {
  readonly dialog: Locator;
  readonly email: Locator;
  readonly problem: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Forgot your password' });
    this.email = this.dialog.getByLabel('Email');
    this.problem = this.dialog.getByRole('alert');
  }

  async send(email: string) {
    await this.email.fill(email);
    await this.dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  }

  async cancel() {
    await this.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.dialog).toBeHidden();
  }

  screenshot(name = 'forgot-password-dialog') {
    return saveScreen(this.page, name);
  }
}

export class AuthPage {
  readonly email: Locator;
  readonly password: Locator;

  constructor(private readonly page: Page) {
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
  }

  async goto(mode: 'register' | 'login') {
    await this.page.goto(`/auth?mode=${mode}`);
    await this.expectTab(mode === 'login' ? 'Sign In' : 'Sign Up');
  }

  tab(name: AuthTab): Locator {
    return this.page.getByRole('tab', { name });
  }

  async switchTo(name: AuthTab) {
    await this.tab(name).click();
    await this.expectTab(name);
  }

  /** The tab is selected, the address says so, and only that tab's form is on the page. */
  async expectTab(name: AuthTab) {
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(this.page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    const isSignUp = name === 'Sign Up';
    // `next` may follow: where signing in returns to.
    await expect(this.page).toHaveURL(isSignUp ? /\/auth\?mode=register(&|$)/ : /\/auth\?mode=login(&|$)/);
    await expect(this.email).toBeVisible();
    await expect(this.password).toBeVisible();
    await expect(this.page.getByLabel('First Name')).toBeVisible({ visible: isSignUp });
    await expect(this.page.getByRole('checkbox', { name: 'Remember me' })).toBeVisible({
      visible: !isSignUp,
    });
  }

  async register(account: AccountDetails) {
    await this.expectTab('Sign Up');
    await this.page.getByLabel('First Name').fill(account.firstName);
    await this.page.getByLabel('Last Name').fill(account.lastName);
    await this.email.fill(account.email);
    await this.password.fill(account.password);
    await this.page.getByRole('button', { name: 'Create Account' }).click();
  }

  async login({
    email,
    password,
    rememberMe = false,
  }: {
    email: string;
    password: string;
    rememberMe?: boolean;
  }) {
    await this.expectTab('Sign In');
    await this.email.fill(email);
    await this.password.fill(password);
    const rememberMeBox = this.page.getByRole('checkbox', { name: 'Remember me' });
    await rememberMeBox.setChecked(rememberMe);
    await expect(rememberMeBox).toBeChecked({ checked: rememberMe });
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  async openForgotPassword(): Promise<ForgotPasswordDialog> {
    await this.page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = new ForgotPasswordDialog(this.page);
    await expect(dialog.dialog).toBeVisible();
    return dialog;
  }

  screenshot(name: string) {
    return saveScreen(this.page, name);
  }
}
