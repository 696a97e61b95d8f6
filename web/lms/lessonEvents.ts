// A guided lesson's learning events (xapi.ts): the student predicted (chose an answer, or locked a sketch of the
// queue), ran a step, had an answer revealed, and completed the lesson.
import { encodePoints, type Point } from '../charts/sketch/sketch'
import { EXT, emit, statement, type Subject } from './xapi'

export function lessonEvents(lessonId: string) {
  const subject: Subject = { lesson: lessonId }
  const link = `?view=walkthrough&lesson=${encodeURIComponent(lessonId)}`
  const step = (id: string) => ({ [EXT.step]: id })
  return {
    predicted(stepId: string, choice: string): void {
      emit(
        statement('predicted', subject, link, { response: choice, extensions: { [EXT.kind]: 'choice' } }, step(stepId)),
      )
    },
    sketched(stepId: string, points: readonly Point[]): void {
      emit(
        statement(
          'predicted',
          subject,
          link,
          { response: encodePoints(points), extensions: { [EXT.kind]: 'sketch' } },
          step(stepId),
        ),
      )
    },
    ran(stepId: string, seconds: number): void {
      emit(statement('ran', subject, link, { extensions: { [EXT.seconds]: seconds } }, step(stepId)))
    },
    answered(stepId: string, choice: string, success: boolean): void {
      emit(statement('answered', subject, link, { response: choice, success }, step(stepId)))
    },
    completed(score: number | null, passMark: number | null): void {
      emit(
        statement('completed', subject, link, {
          completion: true,
          ...(score === null ? {} : { score: { raw: score, min: 0, max: 100, scaled: score / 100 } }),
          ...(score === null || passMark === null ? {} : { success: score >= passMark }),
        }),
      )
    },
  }
}
