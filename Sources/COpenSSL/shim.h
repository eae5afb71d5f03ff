#ifndef TERMIND_COPENSSL_SHIM_H
#define TERMIND_COPENSSL_SHIM_H

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/param_build.h>
#include <openssl/bn.h>
#include <openssl/bio.h>
#include <openssl/pem.h>
#include <string.h>

/* Keeps libcrypto's global state until the process is gone instead of freeing it in an
   atexit handler, where a thread still hashing at exit would touch freed memory. */
static inline int termind_crypto_keep_until_exit(void) {
    return OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, NULL);
}

/* EVP_CIPHER_CTX_ctrl's GCM tag commands are macros; named wrappers read better in Swift. */
static inline int termind_evp_gcm_set_ivlen(EVP_CIPHER_CTX *ctx, int length) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, length, NULL);
}

static inline int termind_evp_gcm_get_tag(EVP_CIPHER_CTX *ctx, int length, void *tag) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, length, tag);
}

static inline int termind_evp_gcm_set_tag(EVP_CIPHER_CTX *ctx, int length, void *tag) {
    return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, length, tag);
}

/* EVP_PKEY_KEYPAIR is an expression macro, which Swift does not import. */
static inline int termind_evp_pkey_keypair_selection(void) {
    return EVP_PKEY_KEYPAIR;
}

/* The passphrase handed to PEM_read_bio_PrivateKey through its userdata pointer. */
typedef struct {
    const unsigned char *bytes;
    size_t count;
} termind_passphrase;

/* Answers libcrypto's passphrase request from a termind_passphrase, or refuses (-1) when there
   is none, so libcrypto never falls back to prompting on the terminal. */
static inline int termind_passphrase_callback(char *buffer, int size, int rwflag, void *userdata) {
    (void)rwflag;
    const termind_passphrase *passphrase = (const termind_passphrase *)userdata;
    if (passphrase == NULL || passphrase->bytes == NULL || size < 0 || passphrase->count > (size_t)size) {
        return -1;
    }
    memcpy(buffer, passphrase->bytes, passphrase->count);
    return (int)passphrase->count;
}

/* Reads the first private key in PEM text (PKCS#8, encrypted PKCS#8, or a traditional
   RSA/EC/DSA block with or without Proc-Type encryption). A NULL passphrase refuses any
   passphrase request. Returns NULL with the error queue set on failure. */
static inline EVP_PKEY *termind_pem_read_private_key(
    const void *text, int length, const unsigned char *passphrase, size_t passphrase_count) {
    BIO *bio = BIO_new_mem_buf(text, length);
    if (bio == NULL) {
        return NULL;
    }
    termind_passphrase given = { passphrase, passphrase_count };
    EVP_PKEY *key = PEM_read_bio_PrivateKey(bio, NULL, termind_passphrase_callback, &given);
    BIO_free(bio);
    return key;
}

#endif
