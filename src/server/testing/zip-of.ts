import { deflateRawSync } from 'node:zlib';

/** A one-entry zip whose central directory declares `declared` bytes unpacked, whatever it holds. */
export function zipOf(content: Buffer, declared = content.byteLength): Uint8Array<ArrayBuffer> {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const data = deflateRawSync(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.byteLength, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.byteLength, 26);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(8, 10);
  entry.writeUInt32LE(data.byteLength, 20);
  entry.writeUInt32LE(declared, 24);
  entry.writeUInt16LE(name.byteLength, 28);
  entry.writeUInt32LE(0, 42);
  const directoryAt = local.byteLength + name.byteLength + data.byteLength;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(entry.byteLength + name.byteLength, 12);
  end.writeUInt32LE(directoryAt, 16);
  return new Uint8Array(Buffer.concat([local, name, data, entry, name, end]));
}
