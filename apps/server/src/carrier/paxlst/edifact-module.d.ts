// Types for the parts of the `edifact` package (node-edifact, plain CommonJS without its own
// types) that syntax.ts uses: the streaming Parser and its callbacks.
declare module 'edifact' {
  interface ParserConfiguration {
    segmentTerminator?: number;
    dataElementSeparator?: number;
    componentDataSeparator?: number;
    decimalMark?: number;
    releaseCharacter?: number;
  }
  class Parser {
    configure(config: ParserConfiguration): void;
    /** UNOA, UNOB, UNOC, UNOY or UCS2; throws for any other level. */
    encoding(level: string): void;
    write(chunk: string): void;
    end(): void;
    onopensegment: (this: Parser, tag: string) => void;
    onelement: (this: Parser) => void;
    oncomponent: (this: Parser, value: string) => void;
    onclosesegment: (this: Parser) => void;
  }
  const edifact: { Parser: typeof Parser };
  export default edifact;
}
