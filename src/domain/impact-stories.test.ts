import { describe, expect, it } from 'vitest';
import { storyColor, videoEmbed } from './impact-stories';

describe('videoEmbed', () => {
  it('plays YouTube in its privacy-enhanced player, whichever address was pasted', () => {
    for (const address of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ])
      expect(videoEmbed(address), address).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('plays Vimeo without tracking', () => {
    expect(videoEmbed('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(videoEmbed('https://player.vimeo.com/video/76979871')).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    );
  });

  it('embeds nothing else: other hosts, odd ids and non-web addresses become links', () => {
    for (const address of [
      'https://example.org/video.mp4',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
      'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/channels/staffpicks',
      'javascript:alert(1)',
      'not a url',
      '',
      null,
    ])
      expect(videoEmbed(address), String(address)).toBeNull();
  });
});

describe('storyColor', () => {
  it('keeps the five colours and reads anything else as blue', () => {
    expect(storyColor('pink')).toBe('pink');
    expect(storyColor('teal')).toBe('blue');
    expect(storyColor(null)).toBe('blue');
  });
});
