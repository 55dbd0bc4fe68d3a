/** What the user agent tells about notifications help (spec §6: detection by user agent). */

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/.test(userAgent);
}

export interface BrowserHelp {
  browser: string;
  url: string;
}

/** The browser's own help page for a site's notification settings (the blocked guide's help button). */
export function browserHelpOf(userAgent: string): BrowserHelp {
  if (isIos(userAgent)) {
    return {
      browser: 'iPhone',
      url: 'https://support.apple.com/guide/iphone/change-notification-settings-iph7c3d96bab/ios',
    };
  }
  if (/Edg(e|A|iOS)?\//.test(userAgent)) {
    return {
      browser: 'Edge',
      url: 'https://support.microsoft.com/microsoft-edge/manage-website-notifications-in-microsoft-edge-0c555609-5bf2-479d-a59d-fb30a0b80b2b',
    };
  }
  if (/OPR\//.test(userAgent)) {
    return { browser: 'Opera', url: 'https://help.opera.com/en/latest/web-preferences/#notifications' };
  }
  if (/SamsungBrowser\//.test(userAgent)) {
    return {
      browser: 'Samsung Internet',
      url: 'https://www.samsung.com/uk/support/mobile-devices/how-do-i-turn-on-or-off-notifications-in-samsung-internet/',
    };
  }
  if (/Firefox\//.test(userAgent)) {
    return { browser: 'Firefox', url: 'https://support.mozilla.org/kb/push-notifications-firefox' };
  }
  if (/Safari\//.test(userAgent) && !/Chrome|Chromium/.test(userAgent)) {
    return {
      browser: 'Safari',
      url: 'https://support.apple.com/guide/safari/customize-website-notifications-sfri40734/mac',
    };
  }
  return { browser: 'Chrome', url: 'https://support.google.com/chrome/answer/3220216' };
}
