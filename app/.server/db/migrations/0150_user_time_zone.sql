-- Time zones (issue 11): each user's IANA time zone ("Europe/Berlin"), chosen in /profile or
-- detected from the browser. NULL until known: dates are then shown in UTC, and the page says so.
ALTER TABLE users ADD COLUMN time_zone text CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64);
