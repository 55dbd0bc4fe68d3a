import { SwitchRow } from '../../components/ui/switch-row.js';
import { updatePreferences } from '../../lib/preferences.js';
import { usePreferences } from '../../lib/use-preferences.js';
import { resetAutoLogin } from '../auth/auto-login.js';
import { settingsTexts as texts } from './texts.js';

/** Settings' automatic sign-in and privacy mode switches (Privacy & Automation), kept in the preferences. */
export function AutomationSwitches() {
  const { autoLogin, privacyMode } = usePreferences();
  return (
    <div className="flex flex-col gap-3">
      <SwitchRow
        label={texts.autoLogin}
        description={texts.autoLoginHint}
        checked={autoLogin}
        onCheckedChange={(checked) => {
          // Turned on again, it starts without the failures of before.
          if (checked) resetAutoLogin();
          updatePreferences({ autoLogin: checked });
        }}
      />
      <SwitchRow
        label={texts.privacyMode}
        description={texts.privacyModeHint}
        checked={privacyMode}
        onCheckedChange={(checked) => updatePreferences({ privacyMode: checked })}
      />
    </div>
  );
}
