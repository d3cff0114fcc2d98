import type { Config } from '../../config';
import { COMPANY_DIRECTORY_FILE, CompanyDirectory } from './company-directory';
import { dadataSuggest } from './dadata';

let directory: CompanyDirectory | undefined;
const offlineDirectory = () => {
  directory ??= CompanyDirectory.fromFile(COMPANY_DIRECTORY_FILE);
  return directory;
};

/**
 * The company's name for a whole INN, as the INN suggestions know it (DaData with DADATA_API_KEY,
 * else the offline directory); null when unknown or the service does not answer, so the caller
 * falls back to the name the person typed.
 */
export async function companyNameByInn(
  config: Pick<Config, 'DADATA_API_KEY' | 'DADATA_URL'>,
  inn: string,
): Promise<string | null> {
  try {
    const found = config.DADATA_API_KEY
      ? await dadataSuggest(config.DADATA_URL, config.DADATA_API_KEY, inn)
      : offlineDirectory().suggest(inn);
    return found.find((c) => c.inn === inn)?.value ?? null;
  } catch {
    return null;
  }
}
