/** API keys (decision 027): made and revoked on /settings/api-keys, resolved by `apiMember`. */
export { createApiKey, listApiKeys, looksLikeApiKey, revokeApiKey } from "./keys";
export { authenticateApiKey } from "./authenticate";
export { hitKeyRate, KEY_REQUESTS_PER_MINUTE } from "./rate";
