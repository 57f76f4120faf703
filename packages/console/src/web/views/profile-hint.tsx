import { OUTPUT_PROFILE_DESCRIPTIONS, type OutputFormat, type OutputProfile } from '@transmute/contract';
import { apiBaseUrl } from '../session.js';

/** What the chosen profile is for and what its format holds, with the docs' profiles page. */
export function ProfileHint({
  profile,
  format,
  id,
}: {
  profile: OutputProfile;
  format: OutputFormat;
  id: string;
}) {
  const description = OUTPUT_PROFILE_DESCRIPTIONS[profile];
  return (
    <p class="hint" id={id} data-testid="profile-hint">
      {description.purpose} As {format}: {description[format].replaceAll('`', '')}{' '}
      <a href={`${apiBaseUrl()}/docs/profiles.html#${profile}`} target="_blank" rel="noopener">
        Examples of every profile
      </a>
    </p>
  );
}
