// Types of validate.generated.js: ajv's standalone code for scenario.schema.json (see schema.test.ts).
import type { ErrorObject } from 'ajv'

export interface SchemaValidator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}

export declare const validate: SchemaValidator
export default validate
