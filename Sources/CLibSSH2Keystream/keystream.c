#define _GNU_SOURCE
#include "CLibSSH2Keystream.h"

#include <dlfcn.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define KEYSTREAM_BYTES 4096
/* Marks a context's app data as a keystream of this file (libssh2 sets no app data). */
#define KEYSTREAM_MAGIC 0x7465726d696e644bULL

typedef struct {
    uint64_t magic;
    const EVP_CIPHER_CTX *owner;
    size_t used;
    unsigned char bytes[KEYSTREAM_BYTES];
} keystream;

typedef int (*cipher_init_fn)(EVP_CIPHER_CTX *, const EVP_CIPHER *, const unsigned char *, const unsigned char *, int);
typedef int (*cipher_fn)(EVP_CIPHER_CTX *, unsigned char *, const unsigned char *, unsigned int);
typedef void (*cipher_free_fn)(EVP_CIPHER_CTX *);

static cipher_init_fn real_init;
static cipher_fn real_cipher;
static cipher_free_fn real_free;
static const unsigned char zeros[KEYSTREAM_BYTES];
static unsigned long long refills;
/* 0 once turned off (TERMIND_NO_KEYSTREAM, or a failed self-test): contexts initialised after
   that get no keystream, and every call goes to libcrypto unchanged. */
static int enabled = 1;

static void resolve(void) {
    /* Racing threads store the same pointers; prepare() runs before any worker. */
    if (__atomic_load_n(&real_free, __ATOMIC_ACQUIRE)) return;
    __atomic_store_n(&real_init, (cipher_init_fn)dlsym(RTLD_NEXT, "EVP_CipherInit"), __ATOMIC_RELEASE);
    __atomic_store_n(&real_cipher, (cipher_fn)dlsym(RTLD_NEXT, "EVP_Cipher"), __ATOMIC_RELEASE);
    __atomic_store_n(&real_free, (cipher_free_fn)dlsym(RTLD_NEXT, "EVP_CIPHER_CTX_free"), __ATOMIC_RELEASE);
}

int termind_keystream_prepare(void) {
    resolve();
    return real_init && real_cipher && real_free && dlsym(RTLD_DEFAULT, "EVP_Cipher") == (void *)EVP_Cipher;
}

unsigned long long termind_keystream_refills(void) { return __atomic_load_n(&refills, __ATOMIC_RELAXED); }

void termind_keystream_turn_off(void) { __atomic_store_n(&enabled, 0, __ATOMIC_RELEASE); }

int termind_keystream_enabled(void) { return __atomic_load_n(&enabled, __ATOMIC_ACQUIRE); }

static inline keystream *keystream_of(const EVP_CIPHER_CTX *context) {
    keystream *stream = EVP_CIPHER_CTX_get_app_data(context);
    return stream && stream->magic == KEYSTREAM_MAGIC && stream->owner == context ? stream : NULL;
}

static void drop(EVP_CIPHER_CTX *context) {
    keystream *stream = keystream_of(context);
    if (!stream) return;
    EVP_CIPHER_CTX_set_app_data(context, NULL);
    OPENSSL_cleanse(stream, sizeof *stream);
    free(stream);
}

int EVP_CipherInit(EVP_CIPHER_CTX *context, const EVP_CIPHER *cipher, const unsigned char *key,
                   const unsigned char *iv, int encrypt) {
    resolve();
    if (!real_init) return 0;
    if (context) drop(context);
    int result = real_init(context, cipher, key, iv, encrypt);
    /* Only a fresh CTR context with its key and counter set; anything else stays libcrypto's. */
    if (result == 1 && termind_keystream_enabled() && context && cipher && key && iv
        && EVP_CIPHER_get_mode(cipher) == EVP_CIPH_CTR_MODE
        && EVP_CIPHER_CTX_get_app_data(context) == NULL) {
        keystream *stream = calloc(1, sizeof *stream);
        if (stream) {
            stream->magic = KEYSTREAM_MAGIC;
            stream->owner = context;
            stream->used = KEYSTREAM_BYTES;
            EVP_CIPHER_CTX_set_app_data(context, stream);
        }
    }
    return result;
}

void EVP_CIPHER_CTX_free(EVP_CIPHER_CTX *context) {
    resolve();
    if (context) drop(context);
    if (real_free) real_free(context);
}

/* Calls of any length, and every keystream refill. */
__attribute__((noinline)) static int cipher_slowly(EVP_CIPHER_CTX *context, unsigned char *out, const unsigned char *in,
                                                   unsigned int length) {
    if (real_cipher == NULL) resolve();
    keystream *stream = in && out ? keystream_of(context) : NULL;
    if (!stream) return real_cipher ? real_cipher(context, out, in, length) : -1;
    for (unsigned int done = 0; done < length;) {
        if (stream->used == KEYSTREAM_BYTES) {
            /* CTR encrypts zeros into the keystream itself and moves the counter past it. */
            if (real_cipher(context, stream->bytes, zeros, KEYSTREAM_BYTES) != KEYSTREAM_BYTES) return -1;
            stream->used = 0;
            __atomic_add_fetch(&refills, 1, __ATOMIC_RELAXED);
        }
        size_t step = KEYSTREAM_BYTES - stream->used;
        if (step > length - done) step = length - done;
        const unsigned char *key = stream->bytes + stream->used;
        for (size_t i = 0; i < step; i++) out[done + i] = in[done + i] ^ key[i];
        stream->used += step;
        done += (unsigned int)step;
    }
    return (int)length;
}

int EVP_Cipher(EVP_CIPHER_CTX *context, unsigned char *out, const unsigned char *in, unsigned int length) {
    /* libssh2's call: one block, from a keystream that holds it. */
    keystream *stream = keystream_of(context);
    if (__builtin_expect(length == 16 && stream && stream->used <= KEYSTREAM_BYTES - 16 && in && out, 1)) {
        /* Two 8-byte words through memcpy: portable, and one 16-byte load and store here. */
        uint64_t block[2], mask[2];
        memcpy(block, in, 16);
        memcpy(mask, stream->bytes + stream->used, 16);
        block[0] ^= mask[0];
        block[1] ^= mask[1];
        memcpy(out, block, 16);
        stream->used += 16;
        return 16;
    }
    return cipher_slowly(context, out, in, length);
}

int termind_keystream_self_test(void) {
    resolve();
    if (!real_init || !real_cipher || !real_free) return 0;
    static const unsigned char key[16] = "termind-selftest", iv[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xf0};
    /* A keystream and a bit more, so a refill is crossed; the counter wraps past its low word. */
    enum { length = KEYSTREAM_BYTES + 48 };
    static unsigned char plain[length], served[length], expected[length];
    for (size_t i = 0; i < length; i++) plain[i] = (unsigned char)(i * 7 + 1);
    unsigned long long before = __atomic_load_n(&refills, __ATOMIC_RELAXED);

    /* As libssh2 drives it: EVP_CipherInit, then EVP_Cipher 16 bytes at a time. */
    EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
    int ok = context && EVP_CipherInit(context, EVP_aes_128_ctr(), key, iv, 1) == 1 && keystream_of(context) != NULL;
    for (size_t offset = 0; ok && offset < length; offset += 16) ok = EVP_Cipher(context, served + offset, plain + offset, 16) == 16;
    EVP_CIPHER_CTX_free(context);

    /* libcrypto's own CTR in one call, never through EVP_Cipher. */
    EVP_CIPHER_CTX *reference = EVP_CIPHER_CTX_new();
    int produced = 0;
    ok = ok && reference && EVP_EncryptInit_ex(reference, EVP_aes_128_ctr(), NULL, key, iv) == 1
        && EVP_EncryptUpdate(reference, expected, &produced, plain, length) == 1 && produced == length
        && memcmp(served, expected, length) == 0;
    EVP_CIPHER_CTX_free(reference);
    /* The self-test's keystreams are not libssh2's: the count stays what connections made. */
    __atomic_store_n(&refills, before, __ATOMIC_RELAXED);
    return ok;
}
