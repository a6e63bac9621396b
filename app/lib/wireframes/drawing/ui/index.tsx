import type { ReactNode } from "react";
import type { UiComponent } from "../../document";
import { AlertSvg } from "./alert";
import { BadgeSvg } from "./badge";
import { BreadcrumbSvg } from "./breadcrumb";
import { ButtonSvg } from "./button";
import { CardSvg } from "./card";
import { ChartSvg } from "./chart";
import { CheckboxSvg } from "./checkbox";
import { ListSvg } from "./list";
import { ModalSvg } from "./modal";
import { NavbarSvg } from "./navbar";
import { PaginationSvg } from "./pagination";
import { ProgressSvg } from "./progress";
import { SidebarSvg } from "./sidebar";
import { TableSvg } from "./table";
import { TabsSvg } from "./tabs";
import { TextInputSvg } from "./text-input";
import { TextareaSvg } from "./textarea";
import { ToggleSvg } from "./toggle";
import type { UiProps } from "./frame";

/** Each built-in UI component's drawing (one module per kind; app/lib/wireframes/kit.ts describes them). */
const UI_SVG: Record<UiComponent, (props: UiProps) => ReactNode> = {
  button: ButtonSvg,
  "text-input": TextInputSvg,
  select: TextInputSvg,
  search: TextInputSvg,
  textarea: TextareaSvg,
  checkbox: CheckboxSvg,
  radio: CheckboxSvg,
  toggle: ToggleSvg,
  tabs: TabsSvg,
  navbar: NavbarSvg,
  sidebar: SidebarSvg,
  breadcrumb: BreadcrumbSvg,
  pagination: PaginationSvg,
  card: CardSvg,
  modal: ModalSvg,
  table: TableSvg,
  list: ListSvg,
  chart: ChartSvg,
  alert: AlertSvg,
  badge: BadgeSvg,
  avatar: BadgeSvg,
  progress: ProgressSvg,
};

export function UiSvg({ el, r }: UiProps): ReactNode {
  const Draw = UI_SVG[el.component];
  return <Draw el={el} r={r} />;
}
