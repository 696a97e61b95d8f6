// The seed papers behind the "seed" presets, as a reader cites them: title, authors and year in each
// language (Korean papers with an English title page give both). A year the paper does not print is null.
import type { Localized } from '../catalog/types'

export interface Paper {
  title: Localized
  authors: Localized
  year: number | null
  /** Where it appeared, when the paper says. */
  venue?: Localized
}

export const PAPERS: Record<string, Paper> = {
  'seed 000': {
    title: {
      en: 'A Study on Performance Improvement of Adaptive AQM Using the Variation of Queue Length',
      ko: '큐 변화량을 이용한 적응식 AQM 성능 향상에 관한 연구',
    },
    authors: { en: 'Jong Hwa Kim, Ki Young Lee', ko: '김종화, 이기영' },
    year: null,
  },
  'seed 001': {
    title: {
      en: 'Implementation and TCP Performance Measurement of RED Scheduler Using NetFPGA Platform',
      ko: 'NetFPGA 플랫폼 기반 RED 스케줄러 구현 및 TCP 성능평가',
    },
    authors: { en: 'Minkyung Oh, Seokhong Min, Byungchul Kim, Jaeyong Lee', ko: '오민경, 민석홍, 김병철, 이재용' },
    year: 2012,
  },
  'seed 002': {
    title: {
      en: 'TCP Performance over a Simple FIFO-based GFR Implementation Mechanism',
      ko: '단순 FIFO 기반 GFR 구현 기법에서의 TCP 성능 평가',
    },
    authors: { en: 'Inyong Park', ko: '박인용' },
    year: null,
  },
  'seed 003': {
    title: { en: 'Hybrid Random Early Detection', ko: '복합식 Random Early Detection 알고리즘' },
    authors: { en: 'Changhee Joo, Saewoong Bahk', ko: '주창희, 박세웅' },
    year: 2002,
    venue: {
      en: 'Journal of the Korean Institute of Communication Sciences, vol. 27, no. 12A',
      ko: '한국통신학회논문지 제27권 12A호',
    },
  },
  'seed 004': {
    title: {
      en: 'A New Queueing Algorithm for Improving Fairness between TCP Flows',
      ko: 'TCP 플로우 간의 공정성 개선을 위한 새로운 큐잉 알고리즘',
    },
    authors: { en: 'Hyun-Seok Chae, Myung-Ryul Choi', ko: '채현석, 최명렬' },
    year: 2004,
  },
}

export function paperOf(source: string): Paper | undefined {
  return Object.hasOwn(PAPERS, source) ? PAPERS[source] : undefined
}
