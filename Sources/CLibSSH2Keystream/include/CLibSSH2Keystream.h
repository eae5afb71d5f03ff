#ifndef TERMIND_LIBSSH2_KEYSTREAM_H
#define TERMIND_LIBSSH2_KEYSTREAM_H

/* libssh2 1.10 encrypts and decrypts AES-CTR one 16-byte block per libcrypto call
   (`EVP_Cipher`), and the call costs more than the block: a third of a download's CPU went to
   it. This target defines `EVP_CipherInit`, `EVP_Cipher` and `EVP_CIPHER_CTX_free` in the
   executable, where the dynamic linker binds libssh2's calls first. A CTR context gets a
   keystream made 4 KiB at a time by libcrypto itself (the same context, so the same counter);
   each block is XORed with it. Every other context and call goes to libcrypto unchanged.

   A keystream out of step with the peer's cannot pass unnoticed: every packet's MAC is checked
   (decryption) or checked by the server (encryption), and the connection ends. */

/* Resolves libcrypto's own functions, before any worker thread runs. 1 when libssh2's cipher
   calls come here (the executable exports these definitions), 0 when they go to libcrypto
   directly; both are correct. */
int termind_keystream_prepare(void);

/* Keystream blocks of 4 KiB made so far in this process, for tests. */
unsigned long long termind_keystream_refills(void);

#endif
