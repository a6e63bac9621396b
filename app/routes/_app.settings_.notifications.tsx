/** The e-mail choices form's action (the form itself is on /settings). */
export { action, loader } from "./_app.settings_.notifications.server";
