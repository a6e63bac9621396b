-- Dark mode (issue 11): each user's colour theme. 'system' follows the device's setting.
ALTER TABLE users ADD COLUMN theme text NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark'));
