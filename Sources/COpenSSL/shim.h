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

#endif
