import {
  DEFAULT_OUTPUT_LANGUAGE,
  DEFAULT_OUTPUT_PROFILE,
  type Capabilities,
  type OutputFormat,
  type OutputOptions,
  type OutputProfile,
} from '@transmute/contract';
import { ProfileHint } from './profile-hint.js';

/** The output choices of a conversion: profile, format and language ('' = the API's default). */
export interface OutputChoice {
  profile: OutputProfile;
  format: OutputFormat;
  language: string;
}

export const DEFAULT_OUTPUT_CHOICE: OutputChoice = {
  profile: DEFAULT_OUTPUT_PROFILE,
  format: 'markdown',
  language: '',
};

export function toOutputOptions(choice: OutputChoice): OutputOptions {
  return {
    profile: choice.profile,
    format: choice.format,
    ...(choice.language === '' ? {} : { language: choice.language }),
  };
}

/** Selects for profile, format and language, from the installation's capabilities. */
export function OutputOptionsFields({
  capabilities,
  value,
  onChange,
  idPrefix,
}: {
  capabilities: Capabilities;
  value: OutputChoice;
  onChange: (value: OutputChoice) => void;
  idPrefix: string;
}) {
  return (
    <div>
      <div class="fields">
        <div class="field">
          <label for={`${idPrefix}-profile`}>Profile</label>
          <select
            id={`${idPrefix}-profile`}
            aria-describedby={`${idPrefix}-profile-hint`}
            value={value.profile}
            onChange={(event) => onChange({ ...value, profile: event.currentTarget.value as OutputProfile })}
          >
            {capabilities.output_profiles.map((profile) => (
              <option key={profile} value={profile}>
                {profile}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${idPrefix}-format`}>Format</label>
          <select
            id={`${idPrefix}-format`}
            value={value.format}
            onChange={(event) => onChange({ ...value, format: event.currentTarget.value as OutputFormat })}
          >
            {capabilities.output_formats.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${idPrefix}-language`}>Language</label>
          <select
            id={`${idPrefix}-language`}
            value={value.language}
            onChange={(event) => onChange({ ...value, language: event.currentTarget.value })}
          >
            <option value="">{DEFAULT_OUTPUT_LANGUAGE} (default)</option>
            {capabilities.languages
              .filter((language) => language !== DEFAULT_OUTPUT_LANGUAGE)
              .map((language) => (
                <option key={language} value={language}>
                  {language}
                </option>
              ))}
          </select>
        </div>
      </div>
      <ProfileHint profile={value.profile} format={value.format} id={`${idPrefix}-profile-hint`} />
    </div>
  );
}
