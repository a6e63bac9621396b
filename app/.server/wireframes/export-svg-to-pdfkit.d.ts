// svg-to-pdfkit ships no types: the one function this app calls (app/.server/wireframes/export-render.ts).
declare module "svg-to-pdfkit" {
  type Options = {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    useCSS?: boolean;
    assumePt?: boolean;
    precision?: number;
    fontCallback?: (family: string, bold: boolean, italic: boolean, options: { fauxItalic: boolean; fauxBold: boolean }) => string;
    imageCallback?: (link: string) => string;
    warningCallback?: (message: string) => void;
  };
  function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x?: number, y?: number, options?: Options): void;
  export default SVGtoPDF;
}
