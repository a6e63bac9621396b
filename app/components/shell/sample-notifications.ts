/** The notification list is fixed sample content for now (spec section 2): three items, two unread. */
export type Notification = { id: string; title: string; time: string; unread: boolean };

export const SAMPLE_NOTIFICATIONS: readonly Notification[] = [
  { id: "n1", title: "Maya commented on “Homepage redesign”", time: "5 minutes ago", unread: true },
  { id: "n2", title: "Sprint review moved to Friday, 10:00", time: "1 hour ago", unread: true },
  { id: "n3", title: "Design tokens v2 were published", time: "Yesterday", unread: false },
];

export const unreadCount = (list: readonly Notification[]) => list.filter((n) => n.unread).length;
