import campus from '../../assets/carousel/campus.svg';
import graduation from '../../assets/carousel/graduation.svg';
import savannaSunrise from '../../assets/carousel/savanna-sunrise.svg';
import victoriaFalls from '../../assets/carousel/victoria-falls.svg';
import zambeziRiver from '../../assets/carousel/zambezi-river.svg';

/** The five sign-in backgrounds, shipped with the app (no external URLs). */
export const CAROUSEL_SLIDES: ReadonlyArray<{ src: string; caption: string }> = [
  { src: savannaSunrise, caption: 'Sunrise over the Zambian savanna' },
  { src: campus, caption: 'A university campus' },
  { src: victoriaFalls, caption: 'Mosi-oa-Tunya, the Victoria Falls' },
  { src: graduation, caption: 'Graduates celebrating' },
  { src: zambeziRiver, caption: 'Evening on the Zambezi' },
];

/** The marketing figures shown on the sign-in page (docs/product.md §1). */
export const IMPACT_FIGURES = [
  { value: '500+', label: 'Students Supported' },
  { value: '95%', label: 'Graduation Rate' },
  { value: '12+', label: 'Years of Impact' },
] as const;
