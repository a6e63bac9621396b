/**
 * The integrations' outside services for the end-to-end stack (e2e-stack.ts): the local Figma
 * server (base+8) and the Slack receiver (base+9), and the settings that point the app at them.
 */
import { ports } from "./e2e-config";
import { FigmaServer } from "./figma-server";
import { SlackReceiver } from "./slack-receiver";

export const integrationPorts = { figma: ports.figma, slack: ports.slack } as const;
export const figmaURL = `http://127.0.0.1:${integrationPorts.figma}`;
export const slackURL = `http://127.0.0.1:${integrationPorts.slack}`;

export async function startIntegrationServers(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const figma = new FigmaServer(integrationPorts.figma);
  const slack = new SlackReceiver(integrationPorts.slack);
  await Promise.all([figma.start(), slack.start()]);
  return {
    env: { ...figma.env(), SLACK_WEBHOOK_HOSTS: slack.origin },
    close: async () => {
      await Promise.all([figma.close(), slack.close()]);
    },
  };
}
