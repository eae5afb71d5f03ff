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

/* Keystream blocks of 4 KiB made so far in this process, for tests and the log. */
unsigned long long termind_keystream_refills(void);

/* Encrypts a known buffer of AES-128-CTR through this file's functions as libssh2 calls them
   (16 bytes a call, across a keystream refill) and through libcrypto's own CTR, and compares:
   1 when equal. Run once at start, before any worker (SSH2Library); its refills are not
   counted. */
int termind_keystream_self_test(void);

/* Turns the keystream off for the rest of the process (TERMIND_NO_KEYSTREAM=1, or a failed
   self-test): contexts initialised afterwards get none, and every call goes to libcrypto
   unchanged. Call before any worker runs. */
void termind_keystream_turn_off(void);

/* 1 until turned off. */
int termind_keystream_enabled(void);

#endif
