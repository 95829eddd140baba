//! `#[derive(Decode)]`: reads a value in the order serde's derive writes it, as
//! postcard lays it out. A struct's fields one after the other; an enum's variant
//! as its index (a varint), then its fields. Generic parameters must decode too.

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::{parse_macro_input, parse_quote, Data, DeriveInput, Fields};

/// Derives `wire::Decode` for a struct or an enum.
#[proc_macro_derive(Decode)]
pub fn derive_decode(input: TokenStream) -> TokenStream {
    let mut input = parse_macro_input!(input as DeriveInput);
    let name = &input.ident;
    for param in input.generics.type_params_mut() {
        param.bounds.push(parse_quote!(::wire::Decode));
    }
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let body = match &input.data {
        Data::Struct(s) => {
            let build = construct(quote!(Self), &s.fields);
            quote!(::core::option::Option::Some(#build))
        }
        Data::Enum(e) => {
            let arms = e.variants.iter().enumerate().map(|(index, v)| {
                let index = index as u32;
                let ident = &v.ident;
                let build = construct(quote!(Self::#ident), &v.fields);
                quote!(#index => #build,)
            });
            quote! {
                ::core::option::Option::Some(match r.variant()? {
                    #(#arms)*
                    _ => return ::core::option::Option::None,
                })
            }
        }
        Data::Union(_) => {
            return syn::Error::new_spanned(name, "a union has no layout on the wire")
                .to_compile_error()
                .into()
        }
    };
    quote! {
        impl #impl_generics ::wire::Decode for #name #ty_generics #where_clause {
            fn decode(r: &mut ::wire::Reader<'_>) -> ::core::option::Option<Self> {
                #body
            }
        }
    }
    .into()
}

/// `path` built from its fields, each read in the order written.
fn construct(path: Tokens, fields: &Fields) -> Tokens {
    let read = quote!(::wire::Decode::decode(r)?);
    match fields {
        Fields::Named(named) => {
            let names = named.named.iter().map(|f| &f.ident);
            quote!(#path { #(#names: #read,)* })
        }
        Fields::Unnamed(unnamed) => {
            let reads = unnamed.unnamed.iter().map(|_| &read);
            quote!(#path(#(#reads,)*))
        }
        Fields::Unit => path,
    }
}
