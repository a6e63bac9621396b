-- Identity backends (decision 018): with IDENTITY=supabase a session row also keeps the
-- Supabase Auth session it stands for (the access and refresh token as @supabase/ssr
-- stores them), so the server can refresh and revoke it. Null for local accounts.
ALTER TABLE sessions ADD COLUMN identity_state jsonb;
