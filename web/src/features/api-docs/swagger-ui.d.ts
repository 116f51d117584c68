// swagger-ui-dist ships no types; what this app uses of its bundle for bundlers.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export interface SwaggerRequest {
    url: string;
    method?: string;
    headers: Record<string, string>;
  }
  export interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec?: object;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest | Promise<SwaggerRequest>;
    /** null: never send the document to the public validator. */
    validatorUrl?: string | null;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    displayRequestDuration?: boolean;
    filter?: boolean | string;
    persistAuthorization?: boolean;
    supportedSubmitMethods?: string[];
    /** Added to the default preset's plugins. */
    plugins?: Array<() => object>;
  }
  export default function SwaggerUI(options: SwaggerUIOptions): unknown;
}
