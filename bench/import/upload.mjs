// A customers CSV sent as the app sends it (multipart POST /api/customers/imports) and its job
// polled: shared by the import bench's cases.

/** The multipart body of an import: the file, then any form fields. */
export function multipart(fileName, bytes, fields = {}) {
  const boundary = `----tsumikibench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    body: Buffer.concat([
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      head,
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Sends the file; answers the job (202) or throws with the server's answer. */
export async function startImport(pool, token, fileName, bytes, fields = {}) {
  const { body, contentType } = multipart(fileName, bytes, fields);
  const answer = await pool.request({
    method: 'POST',
    path: '/api/customers/imports',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  const text = await answer.body.text();
  if (answer.statusCode !== 202)
    throw new Error(`取り込みを始められませんでした（${answer.statusCode}）: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}
